import { useId, useRef, useState } from 'react';
import {
  FILE_ACCEPT,
  FILE_MESSAGES,
  formatBytes,
  type ActivityViewer,
  type Project,
  type ProjectFile,
} from '@agency/domain';
import {
  Badge,
  Box,
  Button,
  Center,
  chakra,
  Flex,
  HStack,
  Spinner,
  Stack,
  Text,
  useOverlays,
} from '@agency/ui';
import { DialogButton } from './dialog-button';
import { shortDate } from '../date-time';
import { fileErrorMessage, useProjectFiles } from '../use-project-files';
import { useFileDrop } from '../use-file-drop';
import { LoadFailed } from './load-failed';

const t = FILE_MESSAGES.ui;

/** Files: opens the project's Files area (upload, list, download, delete one's own; the admin marks deliverables). */
export function FilesButton({ project, viewer }: { project: Project; viewer: ActivityViewer }) {
  return (
    <DialogButton size="sm" label={t.open}>
      {(close) => <FilesDialog project={project} viewer={viewer} onClose={close} />}
    </DialogButton>
  );
}

export function FilesDialog({
  project,
  viewer,
  onClose,
}: {
  project: Project;
  viewer: ActivityViewer;
  onClose: () => void;
}) {
  const { DialogShell } = useOverlays();
  return (
    <DialogShell title={t.dialogTitle(project.title)} onClose={onClose} size="lg" closeLabel={t.close}>
      <ProjectFiles projectId={project.id} viewer={viewer} />
    </DialogShell>
  );
}

type Notice = { tone: 'ok' | 'error'; text: string };

/** The Files area of one project. */
export function ProjectFiles({ projectId, viewer }: { projectId: string; viewer: ActivityViewer }) {
  const { list, uploads, upload, remove, setDeliverable, download } = useProjectFiles(projectId);
  const [notices, setNotices] = useState<Notice[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  const say = (notice: Notice) => setNotices((all) => [...all.slice(-4), notice]);

  const send = (files: FileList | File[] | null) => {
    for (const file of Array.from(files ?? [])) {
      upload.mutate(file, {
        onSuccess: () => say({ tone: 'ok', text: t.uploaded(file.name) }),
        onError: (error) =>
          say({
            tone: 'error',
            text: t.uploadFailed(file.name, fileErrorMessage(error, t.uploadFailed(file.name, ''))),
          }),
      });
    }
  };
  const { dragging, dropProps } = useFileDrop(send);

  return (
    <Stack gap="4">
      <Box
        data-testid="file-drop-zone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'blue.500' : 'border'}
        bg={dragging ? 'blue.50' : undefined}
        borderRadius="md"
        p="4"
        {...dropProps}
      >
        <Stack gap="2" align="center" textAlign="center">
          <Text fontWeight="medium">{dragging ? t.dropActive : t.dropHere}</Text>
          <Button size="sm" onClick={() => input.current?.click()} aria-describedby={limitsId}>
            {t.pick}
          </Button>
          <chakra.input
            ref={input}
            type="file"
            multiple
            accept={FILE_ACCEPT}
            aria-label={t.pick}
            display="none"
            onChange={(event) => {
              send(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
          <Text id={limitsId} fontSize="sm" color="fg.muted">
            {t.limits}
          </Text>
        </Stack>
      </Box>

      {uploads.length ? (
        <Stack gap="2">
          {uploads.map((u) => (
            <Stack key={u.key} gap="1">
              <Text fontSize="sm">{t.uploading(u.name)}</Text>
              <chakra.progress
                aria-label={t.uploading(u.name)}
                value={u.loaded}
                max={u.total || 1}
                width="100%"
                height="2"
              />
            </Stack>
          ))}
        </Stack>
      ) : null}

      <Stack gap="1" role="status" aria-live="polite">
        {notices.map((notice, i) => (
          <Text key={i} fontSize="sm" color={notice.tone === 'error' ? 'fg.error' : 'fg.success'}>
            {notice.text}
          </Text>
        ))}
      </Stack>

      {list.data ? (
        <Text fontSize="sm" color="fg.muted">
          {t.usage(list.data.usage.usedBytes, list.data.usage.quotaBytes)}
        </Text>
      ) : null}

      {list.data ? (
        list.data.files.length ? (
          <chakra.ul listStyleType="none" m="0" p="0" aria-label={t.title}>
            {list.data.files.map((file) => (
              <FileRow
                key={file.id}
                file={file}
                viewer={viewer}
                onDownload={() =>
                  download.mutate(file, {
                    onError: (error) =>
                      say({ tone: 'error', text: fileErrorMessage(error, t.downloadFailed) }),
                  })
                }
                onDelete={() =>
                  remove.mutate(file, {
                    onSuccess: () => say({ tone: 'ok', text: t.deleted(file.name) }),
                    onError: (error) => say({ tone: 'error', text: fileErrorMessage(error, t.deleteFailed) }),
                  })
                }
                onDeliverable={(deliverable, settled) =>
                  setDeliverable.mutate(
                    { file, deliverable },
                    {
                      onError: (error) =>
                        say({ tone: 'error', text: fileErrorMessage(error, t.deliverableFailed) }),
                      onSettled: settled,
                    },
                  )
                }
              />
            ))}
          </chakra.ul>
        ) : (
          <Text color="fg.muted">{t.empty}</Text>
        )
      ) : list.isError && !list.isFetching ? (
        <LoadFailed title={t.loadFailed} retryLabel={t.retry} onRetry={() => void list.refetch()} />
      ) : (
        <Center py="4">
          <Spinner aria-label={t.title} />
        </Center>
      )}
    </Stack>
  );
}

function FileRow({
  file,
  viewer,
  onDownload,
  onDelete,
  onDeliverable,
}: {
  file: ProjectFile;
  viewer: ActivityViewer;
  onDownload: () => void;
  onDelete: () => void;
  onDeliverable: (deliverable: boolean, settled: () => void) => void;
}) {
  // The tick shows the click at once and keeps it until the server answered. Held by the list alone, it would go
  // (React keeps a controlled checkbox to its prop) and come back a task later, when the cache tells of the
  // optimistic mark; a test clicking it, or an eye, could catch it unticked.
  const [clicked, setClicked] = useState<{ from: boolean; to: boolean } | null>(null);
  const deliverable = clicked?.from === file.deliverable ? clicked.to : file.deliverable;
  const by = file.mine ? t.byYou : file.uploader_role === 'ADMIN' ? t.byConsultancy : t.byClient;
  return (
    <chakra.li borderBottomWidth="1px" py="2" aria-label={file.name}>
      <Flex gap="3" align="center" wrap="wrap" justify="space-between">
        <Stack gap="0" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium" wordBreak="break-all">
              {file.name}
            </Text>
            {file.deliverable ? (
              <Badge colorPalette="green" size="sm">
                {t.deliverable}
              </Badge>
            ) : null}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {formatBytes(file.size)} · {by} · {shortDate(file.created_at)}
          </Text>
        </Stack>
        <HStack gap="2">
          {viewer === 'admin' ? (
            <chakra.label display="flex" alignItems="center" gap="1" fontSize="sm">
              <input
                type="checkbox"
                checked={deliverable}
                aria-label={t.markDeliverable(file.name)}
                onChange={(event) => {
                  const to = event.currentTarget.checked;
                  setClicked({ from: file.deliverable, to });
                  onDeliverable(to, () => setClicked(null));
                }}
              />
              {t.deliverable}
            </chakra.label>
          ) : null}
          <Button size="xs" variant="outline" onClick={onDownload} aria-label={t.downloadLabel(file.name)}>
            {t.download}
          </Button>
          {file.mine ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={onDelete}
              aria-label={t.deleteLabel(file.name)}
            >
              {t.delete}
            </Button>
          ) : null}
        </HStack>
      </Flex>
    </chakra.li>
  );
}
