import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH, type InboxItem, type Project } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { PORTAL_MESSAGES } from '@agency/domain/messages/portal';
import { Button, HStack, Stack, Text, useOverlays } from '@agency/ui';
import { Field, Input, Textarea } from '@agency/ui/forms';
import { apiClient } from '@agency/auth/api';
import { dateTime, openConversation } from '@agency/portal';
import { toastError, toastSuccess } from '../../../lib/toast';

const R = CONVERSATION_TEXTS.inbox;

/**
 * An inbox that answers (issue 34): reply by e-mail (the reply is recorded), link a contact message to a project,
 * and make a consultation request a project in one action.
 */
export function InboxActions({ item, onChanged }: { item: InboxItem; onChanged: (item: InboxItem) => void }) {
  const [dialog, setDialog] = useState<'reply' | 'link' | null>(null);
  const [converting, setConverting] = useState(false);
  const projectId = item.projectId ?? null;

  const convert = async () => {
    setConverting(true);
    try {
      await apiClient().convertInbox({ body: { id: item.id } });
      toastSuccess({ title: R.converted });
      onChanged({ ...item, readAt: item.readAt ?? new Date().toISOString() });
    } catch (error) {
      toastError(error, R.convertFailed);
    } finally {
      setConverting(false);
    }
  };

  return (
    <>
      <Button
        size="sm"
        colorPalette="brand"
        onClick={() => setDialog('reply')}
        aria-haspopup="dialog"
        aria-label={R.replyLabel(item.name)}
      >
        {R.reply}
      </Button>
      {item.kind === 'contact' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setDialog('link')}
          aria-haspopup="dialog"
          aria-label={R.linkLabel(item.name)}
        >
          {R.link}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void convert()}
          loading={converting}
          aria-label={R.convertLabel(item.name)}
        >
          {R.convert}
        </Button>
      )}
      {projectId ? (
        <Button size="sm" variant="ghost" onClick={() => openConversation({ projectId })}>
          {R.openProject}
        </Button>
      ) : null}
      {item.repliedAt ? (
        <Text fontSize="sm" color="fg.muted">
          {R.replied(dateTime(item.repliedAt))}
        </Text>
      ) : null}
      {dialog === 'reply' ? (
        <ReplyDialog item={item} onClose={() => setDialog(null)} onChanged={onChanged} />
      ) : null}
      {dialog === 'link' ? (
        <LinkDialog item={item} onClose={() => setDialog(null)} onChanged={onChanged} />
      ) : null}
    </>
  );
}

function ReplyDialog({
  item,
  onClose,
  onChanged,
}: {
  item: InboxItem;
  onClose: () => void;
  onChanged: (item: InboxItem) => void;
}) {
  const { DialogShell } = useOverlays();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const hintId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const { reply } = await apiClient().replyInbox({ body: { kind: item.kind, id: item.id, body: text } });
      toastSuccess({ title: R.sent(reply.sentTo) });
      onChanged({ ...item, repliedAt: reply.at, readAt: item.readAt ?? reply.at });
      onClose();
    } catch (error) {
      toastError(error, R.replyFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell
      title={R.replyTitle(item.name)}
      onClose={onClose}
      busy={busy}
      closeLabel={PORTAL_MESSAGES.close}
      footer={
        <Button
          type="submit"
          form={formId}
          colorPalette="brand"
          loading={busy}
          loadingText={R.sending}
          disabled={!text.trim()}
        >
          {R.send}
        </Button>
      }
    >
      <Stack as="form" id={formId} gap="3" onSubmit={(e) => void submit(e)}>
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line" lineClamp={4}>
          {item.message}
        </Text>
        <Field.Root>
          <Field.Label>{R.replyField}</Field.Label>
          <Textarea
            name="reply"
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            value={text}
            aria-describedby={hintId}
            onChange={(e) => setText(e.target.value)}
          />
          <Text id={hintId} fontSize="xs" color="fg.muted">
            {R.replyHint(item.email)}
          </Text>
        </Field.Root>
      </Stack>
    </DialogShell>
  );
}

function LinkDialog({
  item,
  onClose,
  onChanged,
}: {
  item: InboxItem;
  onClose: () => void;
  onChanged: (item: InboxItem) => void;
}) {
  const { DialogShell } = useOverlays();
  const [q, setQ] = useState(item.company ?? item.name);
  const [results, setResults] = useState<Project[] | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const views = ['pending', 'active', 'completed'] as const;
    const pages = await Promise.all(
      views.map((view) =>
        apiClient()
          .listProjects({ query: { view, limit: '10', ...(q.trim() && { q: q.trim() }) } })
          .then((answer) => answer.projects)
          .catch(() => [] as Project[]),
      ),
    );
    setResults(pages.flat());
  };
  const link = async (project: Project) => {
    setBusy(true);
    try {
      const { item: linked } = await apiClient().linkInbox({ body: { id: item.id, projectId: project.id } });
      toastSuccess({ title: R.linked, description: project.title });
      onChanged(linked);
      onClose();
    } catch (error) {
      toastError(error, R.linkFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell title={R.linkTitle} onClose={onClose} busy={busy} closeLabel={PORTAL_MESSAGES.close}>
      <Stack gap="3">
        <HStack as="form" align="flex-end" onSubmit={(e) => void search(e)}>
          <Field.Root>
            <Field.Label>{R.search}</Field.Label>
            <Input name="q" value={q} placeholder={R.searchHint} onChange={(e) => setQ(e.target.value)} />
          </Field.Root>
          <Button type="submit" variant="outline">
            {R.search}
          </Button>
        </HStack>
        {results === null ? null : results.length === 0 ? (
          <Text color="fg.muted">{R.noProjects}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
            {results.map((project) => (
              <li key={project.id}>
                <Button
                  variant="outline"
                  size="sm"
                  width="full"
                  justifyContent="flex-start"
                  disabled={busy}
                  onClick={() => void link(project)}
                  aria-label={R.choose(project.title)}
                >
                  {project.title} · {project.client_name}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </DialogShell>
  );
}
