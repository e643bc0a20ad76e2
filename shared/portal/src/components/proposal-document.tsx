import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { routePath, type ProposalSection, type ProposalView } from '@agency/domain';
import { PROPOSAL_ROUTES } from '@agency/domain/routes/proposals';
import { PROPOSAL_UI } from '@agency/domain/messages/proposal-ui';
import { apiClient } from '@agency/auth/api';
import { Box, Button, Grid, Heading, List, Stack, Text } from '@agency/ui';
import { downloadDocument } from '../download-document';

/** A project's proposal (GET /api/projects/:id/proposal): read when shown, again when the project changes. */
export function useProposal(projectId: string, version: unknown = null) {
  return useQuery({
    queryKey: ['proposal', projectId, String(version)],
    queryFn: ({ signal }) => apiClient().getProposal({ params: { id: projectId } }, { signal }),
    staleTime: 0,
  });
}

/**
 * The proposal as the server drew it: its sections, as text only (the admin's scope is read into paragraphs and
 * lists on the server; nothing typed is ever markup). What is shown here is what the signature's hash is of.
 */
export function ProposalDocument({ sections }: { sections: ProposalSection[] }) {
  return (
    <Stack gap="5" as="article" aria-label={sections[0]?.heading}>
      {sections.map((section, index) => (
        <Stack key={section.heading} gap="2" as="section">
          <Heading as={index === 0 ? 'h3' : 'h4'} size={index === 0 ? 'lg' : 'md'}>
            {section.heading}
          </Heading>
          {section.blocks.map((block, i) =>
            block.kind === 'paragraph' ? (
              <Text key={i}>{block.text}</Text>
            ) : block.kind === 'list' ? (
              <List.Root key={i} ps="5">
                {block.items.map((item, j) => (
                  <List.Item key={j}>{item}</List.Item>
                ))}
              </List.Root>
            ) : (
              <Grid
                key={i}
                as="dl"
                templateColumns={{ base: '1fr', sm: 'max-content 1fr' }}
                columnGap="4"
                rowGap="1"
              >
                {block.rows.map(([label, value]) => (
                  <Box key={label} display="contents">
                    <Text as="dt" fontWeight="semibold">
                      {label}
                    </Text>
                    <Text as="dd">{value}</Text>
                  </Box>
                ))}
              </Grid>
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The signature block under a signed proposal: who, when, which version, and the hash of what was signed. */
export function SignatureSummary({ proposal, at }: { proposal: ProposalView; at: (iso: string) => string }) {
  const signature = proposal.signature;
  if (!signature) return null;
  return (
    <Box borderWidth="1px" borderColor="green.300" bg="green.50" borderRadius="md" p="3">
      <Text fontWeight="semibold">
        {PROPOSAL_UI.signed(signature.signedName, at(signature.signedAt), signature.version)}
      </Text>
      <Text fontSize="xs" fontFamily="mono" wordBreak="break-all">
        {`${PROPOSAL_UI.hash}: ${signature.hash}`}
      </Text>
    </Box>
  );
}

/** Downloads the signed agreement (GET /api/projects/:id/agreement.pdf) with the signed-in user's token. */
export async function downloadAgreement(apiUrl: string, projectId: string): Promise<void> {
  const path = routePath(PROPOSAL_ROUTES.agreementPdf.path, { id: projectId });
  if (!(await downloadDocument(apiUrl, path, 'agreement.pdf'))) throw new Error(PROPOSAL_UI.downloadFailed);
}

export function AgreementDownloadButton({
  apiUrl,
  projectId,
  onError,
}: {
  apiUrl: string;
  projectId: string;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      loadingText={PROPOSAL_UI.downloading}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAgreement(apiUrl, projectId);
        } catch {
          onError(PROPOSAL_UI.downloadFailed);
        } finally {
          setBusy(false);
        }
      }}
    >
      {PROPOSAL_UI.download}
    </Button>
  );
}
