import { mixed, string, type InferType } from 'yup';
import { requestObject, singleLineText } from './request-object';

/**
 * Remote health as real browsers see it (issue 37): the host reports each load of a remote page, and how one
 * failed, to POST /api/remote-health, anonymously. A report names the remote, the release, and for a failure
 * the phase it failed in and the error's class name: no URL, no message, no user, nothing about the visitor.
 */
export const REMOTE_NAMES = ['marketing', 'checkout', 'client_portal', 'admin_portal'] as const;
export type RemoteNameId = (typeof REMOTE_NAMES)[number];

/** Where a load failed: the manifest (fetch or fit), the entry script, the exposed module, or its render. */
export const REMOTE_LOAD_PHASES = ['manifest', 'entry', 'expose', 'render'] as const;
export type RemoteLoadPhase = (typeof REMOTE_LOAD_PHASES)[number];

/** A report is a few short fields: anything bigger is refused (413) before it is read. */
export const REMOTE_HEALTH_MAX_BODY_BYTES = 512;

/** A release id as the release tools make it (`<version>-<content hash>`), or `unversioned` for a dev build. */
const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
/** An error's class name (TypeError, ScriptExternalLoadError): an identifier, never a message. */
const ERROR_CLASS = /^[A-Za-z_$][\w$]{0,63}$/;

export const remoteHealthReportSchema = requestObject({
  remote: mixed<RemoteNameId>().oneOf(REMOTE_NAMES).required(),
  release: string().matches(RELEASE_ID).required(),
  outcome: mixed<'loaded' | 'failed'>()
    .oneOf(['loaded', 'failed'] as const)
    .required(),
  phase: mixed<RemoteLoadPhase>()
    .oneOf(REMOTE_LOAD_PHASES)
    .when('outcome', {
      is: 'failed',
      then: (schema) => schema.required(),
      otherwise: (schema) => schema.optional(),
    }),
  errorClass: string().matches(ERROR_CLASS).optional(),
});

export type RemoteHealthReport = InferType<typeof remoteHealthReportSchema>;

/** What the release guard tells the API when it rolled a canary back (GET/POST /ops/…, the ops token). */
export const releaseRollbackNoticeSchema = requestObject({
  remote: mixed<RemoteNameId>().oneOf(REMOTE_NAMES).required(),
  release: string().matches(RELEASE_ID).required(),
  restored: string().matches(RELEASE_ID).required(),
  reason: singleLineText('A reason is one line of text.').max(500).required(),
  at: string()
    .matches(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)
    .required(),
});

export type ReleaseRollbackNotice = InferType<typeof releaseRollbackNoticeSchema>;
