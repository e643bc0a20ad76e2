import { FILE_MESSAGES, formatBytes, type MessageAttachment } from '@agency/domain';
import { Button, chakra, HStack, Text } from '@agency/ui';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@agency/auth/api';
import { followDownload } from '../use-project-files';

const t = FILE_MESSAGES.ui;

/**
 * The files a message carries (issue 34), each downloaded like any project file: a short-lived signed URL asked
 * of the API (same rules), which Storage serves as an attachment. For the conversation's message bubbles.
 */
export function MessageAttachments({
  attachments,
  onError,
}: {
  attachments: readonly MessageAttachment[];
  onError?: (message: string) => void;
}) {
  const download = useMutation({
    mutationFn: async (file: MessageAttachment) => {
      const { url } = await apiClient().fileDownloadUrl({ params: { id: file.id } });
      followDownload(url, file.name);
    },
    onError: () => onError?.(t.downloadFailed),
  });
  if (!attachments.length) return null;
  return (
    <chakra.ul listStyleType="none" m="0" p="0" aria-label={t.title}>
      {attachments.map((file) => (
        <chakra.li key={file.id}>
          <HStack gap="2">
            <Button
              size="xs"
              variant="outline"
              onClick={() => download.mutate(file)}
              aria-label={t.downloadLabel(file.name)}
            >
              {file.name}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {formatBytes(file.size)}
            </Text>
          </HStack>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
