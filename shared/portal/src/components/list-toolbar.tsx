import { useEffect, useId, useState } from 'react';
import { PROJECT_SORTS, type ProjectSort } from '@agency/domain';
import { Flex } from '@agency/ui';
import { Field, Input, NativeSelect } from '@agency/ui/forms';
import type { ListFilters, TierFilter } from '../portal-data';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The toolbar's texts and tier choices, in the portal's words. */
export interface ListToolbarTexts {
  search: string;
  searchPlaceholder: string;
  tier: string;
  sort: string;
  sorts: Record<ProjectSort, string>;
  filtersLabel: (list: string) => string;
  tierOptions: readonly { value: TierFilter; label: string }[];
}

interface Props {
  /** Names the tab, for the group's label. */
  label: string;
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  texts: ListToolbarTexts;
}

/** Search, tier and order of one list; the server filters and sorts. */
export function ListToolbar({ label, filters, onChange, texts: L }: Props) {
  return (
    <FilterToolbar
      label={L.filtersLabel(label)}
      filters={filters}
      onChange={onChange}
      search={{ label: L.search, placeholder: L.searchPlaceholder }}
      selects={[
        { name: 'tier', label: L.tier, flex: '1 1 10rem', options: L.tierOptions },
        {
          name: 'sort',
          label: L.sort,
          flex: '1 1 9rem',
          options: PROJECT_SORTS.map((sort) => ({ value: sort, label: L.sorts[sort] })),
        },
      ]}
    />
  );
}

/** One select of a toolbar: which filter it sets, and to what. */
export interface ToolbarSelect<F> {
  name: Exclude<keyof F & string, 'q'>;
  label: string;
  /** Its share of the row (CSS flex), so the row wraps well at 390 px. */
  flex: string;
  options: readonly { value: string; label: string }[];
}

/**
 * A search box and selects over a list's filters (the server filters): typing asks again after a pause of
 * SEARCH_DEBOUNCE_MS or at Enter, a choice at once.
 */
export function FilterToolbar<F extends { q: string }>({
  label,
  filters,
  onChange,
  search,
  selects,
}: {
  label: string;
  filters: F;
  onChange: (filters: F) => void;
  search: { label: string; placeholder: string };
  selects: readonly ToolbarSelect<F>[];
}) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  return (
    <Flex role="search" aria-label={label} gap="3" wrap="wrap" align="flex-end">
      <Field.Root flex="2 1 14rem" minW="0">
        <Field.Label htmlFor={`${id}-q`}>{search.label}</Field.Label>
        <Input
          id={`${id}-q`}
          type="search"
          size="sm"
          value={text}
          placeholder={search.placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ ...filters, q: text });
          }}
        />
      </Field.Root>
      {selects.map((select) => (
        <Field.Root key={select.name} flex={select.flex} minW="0">
          <Field.Label htmlFor={`${id}-${select.name}`}>{select.label}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              id={`${id}-${select.name}`}
              value={String(filters[select.name])}
              onChange={(e) => onChange({ ...filters, q: text, [select.name]: e.target.value })}
            >
              {select.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
    </Flex>
  );
}
