import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FILE_ACCEPT, formatBytes, MESSAGE_MAX_LENGTH } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { Button, Center, chakra, Flex, Stack, Text } from '@agency/ui';
import { Field, Textarea } from '@agency/ui/forms';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { useMessageAttachments, type PendingAttachment } from '../use-message-attachments';
import { useFileDrop } from '../use-file-drop';
import { portalKeys } from '../portal-data';
import { conversationKeys } from '../conversation-data';

const T = CONVERSATION_TEXTS;

/** The thread's message field, with files by picker or drop; sends once, never a text of blanks. */
export function Composer({ projectId, ticketId }: { projectId: string; ticketId?: string }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const hintId = useId();
  const attachments = useMessageAttachments(projectId);
  const send = useMutation({
    mutationFn: ({ body, fileIds }: { body: string; fileIds: string[] }) =>
      apiClient().postMessage({
        params: { id: projectId },
        body: { ...(body && { body }), ...(ticketId && { ticketId }), ...(fileIds.length && { fileIds }) },
      }),
    onMutate: ({ fileIds }) => attachments.hold(fileIds),
    onError: () => attachments.release(),
    onSuccess: () => {
      setText('');
      attachments.clear();
      void client.invalidateQueries({ queryKey: conversationKeys.thread(projectId, ticketId) });
      void client.invalidateQueries({ queryKey: portalKeys.activity(projectId) });
    },
  });
  const blocked = attachments.uploading || attachments.failed;
  // Text, files, or both: files alone are a message too (the server asks for text only without files).
  const empty = !text.trim() && attachments.fileIds.length === 0;
  const { dragging, dropProps } = useFileDrop(attachments.add);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || send.isPending || blocked) return;
    send.mutate({ body: text.trim() ? text : '', fileIds: attachments.fileIds });
  };
  const left = MESSAGE_MAX_LENGTH - text.length;
  const labels = ticketId ? T.comments : { compose: T.compose, send: T.send };
  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={submit}
      {...dropProps}
      data-testid="composer-drop-zone"
      position="relative"
      borderRadius="md"
      outline={dragging ? '2px dashed' : undefined}
      outlineColor="blue.500"
      outlineOffset="4px"
    >
      {dragging ? (
        <Center
          position="absolute"
          inset="0"
          zIndex="1"
          bg="blue.50/90"
          borderRadius="md"
          pointerEvents="none"
          aria-hidden
        >
          <Text fontWeight="medium">{T.attach.dropActive}</Text>
        </Center>
      ) : null}
      <Field.Root invalid={send.isError}>
        <Field.Label>{labels.compose}</Field.Label>
        <Textarea
          name="message"
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          aria-describedby={hintId}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
          }}
        />
        <Text id={hintId} fontSize="xs" color="fg.muted">
          {T.composeHint} {left < 500 ? T.remaining(left) : null}
        </Text>
        {send.isError ? <Field.ErrorText>{apiErrorMessage(send.error, T.sendFailed)}</Field.ErrorText> : null}
      </Field.Root>
      <PendingAttachments items={attachments.items} onRemove={attachments.remove} />
      <Flex gap="2" align="center" justify="space-between" wrap="wrap">
        <AttachButton onPick={attachments.add} />
        <Flex gap="2" align="center" wrap="wrap" justify="flex-end">
          {blocked ? (
            <Text fontSize="xs" color={attachments.failed ? 'fg.error' : 'fg.muted'} aria-live="polite">
              {attachments.failed ? T.attach.removeFailed : T.attach.waitForUploads}
            </Text>
          ) : null}
          <Button
            type="submit"
            colorPalette="brand"
            size="sm"
            loading={send.isPending}
            loadingText={T.sending}
            disabled={empty || blocked}
          >
            {labels.send}
          </Button>
        </Flex>
      </Flex>
    </Stack>
  );
}

/** "Attach files": a button (reached and pressed by keyboard) for the hidden picker, with the limits stated. */
function AttachButton({ onPick }: { onPick: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  return (
    <Stack gap="1" flex="1" minW="12rem">
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => input.current?.click()}
        aria-describedby={limitsId}
      >
        {T.attach.button}
      </Button>
      <chakra.input
        ref={input}
        type="file"
        multiple
        accept={FILE_ACCEPT}
        aria-label={T.attach.button}
        display="none"
        onChange={(event) => {
          onPick(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <Text id={limitsId} fontSize="xs" color="fg.muted">
        {T.attach.limits}
      </Text>
    </Stack>
  );
}

/** The files the message will carry: each with its progress or state, and a button that takes it off. */
function PendingAttachments({
  items,
  onRemove,
}: {
  items: PendingAttachment[];
  onRemove: (item: PendingAttachment) => void;
}) {
  if (!items.length) return null;
  return (
    <chakra.ul listStyleType="none" m="0" p="0" aria-label={T.attach.listLabel}>
      {items.map((item) => (
        <chakra.li key={item.key} aria-label={item.name} borderBottomWidth="1px" py="1">
          <Flex gap="2" align="center" wrap="wrap">
            <Stack gap="1" flex="1" minW="0">
              <Text fontSize="sm" wordBreak="break-all">
                {item.name}{' '}
                <Text as="span" fontSize="xs" color="fg.muted">
                  {formatBytes(item.size)}
                </Text>
              </Text>
              {item.state === 'uploading' ? (
                <chakra.progress
                  aria-label={T.attach.uploading(item.name)}
                  value={item.loaded}
                  max={item.size || 1}
                  width="100%"
                  height="2"
                />
              ) : null}
              <Text
                fontSize="xs"
                color={item.state === 'failed' ? 'fg.error' : 'fg.muted'}
                role={item.state === 'failed' ? 'alert' : undefined}
              >
                {item.state === 'failed'
                  ? T.attach.failed(item.name, item.error ?? T.attach.tryAgain)
                  : item.state === 'ready'
                    ? T.attach.ready
                    : T.attach.uploading(item.name)}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="ghost"
              onClick={() => onRemove(item)}
              aria-label={T.attach.removeLabel(item.name)}
            >
              {T.attach.remove}
            </Button>
          </Flex>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
