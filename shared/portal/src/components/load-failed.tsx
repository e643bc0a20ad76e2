import { Button } from '@agency/ui';
import { Alert } from '@agency/ui/forms';

/** What a view says when its data could not be read: the reason, announced, and a button that reads it again. */
export function LoadFailed({
  title,
  retryLabel,
  onRetry,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
      <Alert.Indicator />
      <Alert.Title flex="1">{title}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert.Root>
  );
}
