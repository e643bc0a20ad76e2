import { memo, type ReactNode } from 'react';
import { describePreferredSlot, shortReference, statusLabel, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { hasFailedRenewal, hasPaymentHistory } from '@agency/domain/payment-history';
import { Badge, Box, Card, Flex, Heading, HStack, Text } from '@agency/ui';
import { AgreementDownloadButton, ConversationButton, FilesButton, shortDate } from '@agency/portal';
import { getAppConfig } from '@agency/app-config';
import { toastError } from '../lib/toast';
import { budgetLabel, costText, money, tierName, timelineLabel } from '../lib/format';
import { ActivityButton } from './activity-dialog';
import { PaymentsButton } from './payments-button';

const P = ADMIN_MESSAGES.project;

const BADGE_COLORS: Record<string, string> = {
  Active: 'green',
  Completed: 'green',
  'Pending Final Payment': 'purple',
  Refused: 'red',
  Canceled: 'gray',
  'Awaiting Client Approval': 'orange',
  Pending: 'yellow',
};

export function StatusBadge({ project }: { project: Project }) {
  const label = statusLabel(project, 'admin');
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={BADGE_COLORS[label] ?? 'gray'} variant="subtle" data-testid="project-status">
        {label}
      </Badge>
      {hasFailedRenewal(project) ? (
        <Badge colorPalette="red" variant="solid">
          {ADMIN_MESSAGES.payments.failedRenewal}
        </Badge>
      ) : null}
    </HStack>
  );
}

// The details are plain elements styled once by their list: a dashboard shows many cards, and a styled component
// per term and value was most of a card's rendering time.
const DETAILS_CSS = {
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
  margin: '0',
  '& > div': { minWidth: '0' },
  '& dt': { fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' },
  '& dd': { fontSize: 'sm', wordBreak: 'break-word', margin: '0' },
} as const;

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The id of a project's card, so focus can go back to it after an action removed the button that had it. */
export const projectCardId = (projectId: string) => `project-${projectId}`;

/** Focuses a project's card (its heading is read), or does nothing when it left the page. */
export function focusProjectCard(projectId: string): boolean {
  const card = document.getElementById(projectCardId(projectId));
  card?.focus();
  return Boolean(card);
}

interface Props {
  project: Project;
  /** Heading level of the title inside its tab. */
  as?: 'h2' | 'h3';
  actions?: ReactNode;
  children?: ReactNode;
}

/** One project as a card: title, status badge, client and money details, then the actions, activity and payments. */
export const ProjectSummary = memo(function ProjectSummary({ project, as = 'h2', actions, children }: Props) {
  const payments = hasPaymentHistory(project);
  return (
    <Card.Root as="article" id={projectCardId(project.id)} tabIndex={-1} aria-label={project.title} size="sm">
      <Card.Body gap="3">
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Box minW="0">
            <Heading as={as} size="md" wordBreak="break-word">
              {project.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {tierName(project.tier)}
            </Text>
          </Box>
          <StatusBadge project={project} />
        </Flex>
        {project.description ? (
          <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word">
            {project.description}
          </Text>
        ) : null}
        <Box as="dl" css={DETAILS_CSS}>
          <Detail
            label={P.client}
            value={`${project.client_name || P.notSet}${project.client_email ? ` (${project.client_email})` : ''}`}
          />
          <Detail label={P.company} value={project.company || P.notSet} />
          <Detail label={P.cost} value={costText(project)} />
          {project.downpayment !== null ? (
            <Detail label={P.downpayment} value={money(project.downpayment)} />
          ) : null}
          {project.monthly_budget_range ? (
            <Detail label={P.budget} value={budgetLabel(project.monthly_budget_range)} />
          ) : null}
          {project.timeline ? <Detail label={P.timeline} value={timelineLabel(project.timeline)} /> : null}
          {project.preferred_slot ? (
            <Detail label={P.preferredSlot} value={describePreferredSlot(project.preferred_slot)} />
          ) : null}
          {project.status === 'pending_final_payment' ? (
            <Detail label={P.finalPayment} value={money(project.final_payment_amount)} />
          ) : null}
          {project.cancelled && project.cancellation_reason ? (
            <Detail label={P.cancellationReason} value={project.cancellation_reason} />
          ) : null}
          <Detail label={P.created} value={shortDate(project.created_at)} />
          <Detail label={P.reference} value={shortReference(project.id)} />
        </Box>
        <Flex gap="2" wrap="wrap">
          {actions}
          <ConversationButton project={project} />
          <ActivityButton project={project} />
          <FilesButton project={project} viewer="admin" />
          {payments ? <PaymentsButton project={project} /> : null}
          {project.signed_version ? (
            <AgreementDownloadButton
              apiUrl={getAppConfig().apiUrl}
              projectId={project.id}
              onError={(message) => toastError(null, message)}
            />
          ) : null}
        </Flex>
        {children}
      </Card.Body>
    </Card.Root>
  );
});
