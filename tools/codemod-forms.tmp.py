import re, sys
FORMS = {'Field', 'Fieldset', 'Input', 'Textarea', 'Checkbox', 'NativeSelect', 'Alert'}
pat = re.compile(r"import \{([^}]*)\} from '@agency/ui';")
for path in sys.argv[1:]:
    s = open(path).read()
    m = pat.search(s)
    if not m: continue
    names = [n.strip() for n in m.group(1).replace('\n', ' ').split(',') if n.strip()]
    forms = [n for n in names if n.split(' as ')[0].replace('type ', '') in FORMS]
    rest = [n for n in names if n not in forms]
    if not forms: continue
    out = []
    if rest: out.append("import { %s } from '@agency/ui';" % ', '.join(rest))
    out.append("import { %s } from '@agency/ui/forms';" % ', '.join(forms))
    s = s[:m.start()] + '\n'.join(out) + s[m.end():]
    open(path, 'w').write(s)
    print('rewrote', path, forms)
