import * as React from 'react';
import { Suspense, use, useMemo } from 'react';
import { useAuthStore } from '@agency/auth';
import { useInRouterContext, useLocation } from '@agency/router';
import { Box, Button, getSystem, Heading, Stack, Text, useChakraContext, PageContainer } from '@agency/ui';
import { loadRemoteInstances, type RemoteInstances } from '../api/load-remote-instances';
import type { RemoteName } from '../../../lib/federation/api/remote-registry';

const PROBE_EMAIL = 'probe@federation.check';

/**
 * Operations page proving that host and remotes share one React, one router context, one Chakra system
 * and one auth store: each remote's ./instance-probe hands over what it imported, and its hooks run here.
 */
export function FederationCheckPage({
  probes,
}: {
  probes: { remotes: readonly RemoteName[]; exposed: string };
}) {
  const probeEmail = useAuthStore((s) => s.user?.email ?? '(none)');
  return (
    <PageContainer py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Federation check
        </Heading>
        <Text>Host store user: {probeEmail}</Text>
        <Box>
          <Button
            onClick={() =>
              useAuthStore.setState({
                user: { id: 'probe', email: PROBE_EMAIL, fullName: 'Federation Probe' },
              })
            }
          >
            Set store value in host
          </Button>
        </Box>
        <table>
          <thead>
            <tr>
              <th scope="col">Remote</th>
              <th scope="col">React</th>
              <th scope="col">Router</th>
              <th scope="col">Chakra</th>
              <th scope="col">Auth store</th>
              <th scope="col">Store user seen by remote</th>
            </tr>
          </thead>
          <tbody>
            {probes.remotes.map((remote) => (
              <Suspense
                key={remote}
                fallback={
                  <tr>
                    <td>{remote}</td>
                    <td colSpan={5}>Loading...</td>
                  </tr>
                }
              >
                <RemoteRow remote={remote} exposed={probes.exposed} />
              </Suspense>
            ))}
          </tbody>
        </table>
      </Stack>
    </PageContainer>
  );
}

function RemoteRow({ remote, exposed }: { remote: RemoteName; exposed: string }) {
  const promise = useMemo(() => loadRemoteInstances(remote, exposed), [remote, exposed]);
  const result = use(promise);
  if (!result.ok) {
    return (
      <tr data-remote={remote}>
        <th scope="row">{remote}</th>
        <td colSpan={5}>unavailable</td>
      </tr>
    );
  }
  return <ProbeCells remote={remote} probe={result.instances} />;
}

const verdict = (same: boolean) => (same ? 'same' : 'DIFFERENT');

function ProbeCells({ remote, probe }: { remote: RemoteName; probe: RemoteInstances }) {
  const hostLocation = useLocation();
  const hostChakra = useChakraContext();
  // The remote's own hooks, run inside the host's tree: they see the host's contexts only if shared.
  const remoteInRouter = probe.useInRouterContext();
  const remotePath = remoteInRouter ? probe.useLocation().pathname : null;
  const remoteChakra = probe.useChakraContext();
  const remoteUser = probe.useAuthStore((s) => s.user?.email ?? '(none)');
  return (
    <tr data-remote={remote}>
      <th scope="row">{remote}</th>
      <td data-check="react">
        {verdict(
          probe.React.useState === React.useState && probe.React.createElement === React.createElement,
        )}
      </td>
      <td data-check="router">{verdict(useInRouterContext() && remotePath === hostLocation.pathname)}</td>
      <td data-check="chakra">{verdict(probe.system === getSystem() && remoteChakra === hostChakra)}</td>
      <td data-check="store">{verdict(probe.useAuthStore === useAuthStore)}</td>
      <td data-check="store-value">{remoteUser}</td>
    </tr>
  );
}
