import { array, boolean, mixed, string, type InferType } from 'yup';
import { FILE_MESSAGES, MESSAGE_MAX_ATTACHMENTS, type MessageAttachment } from './files';
import { API_MESSAGES } from './messages/api-messages';
import { INBOX_KINDS, type InboxKind } from './schemas/projects';
import { multiLineText, requestObject } from './schemas/request-object';

/**
 * Issue 34: a project's conversation (one thread between its client and the consultancy), ticket comments, the
 * e-mails that respect attention and the Inbox's answers. The facts live here once; the API and both portals
 * import them.
 */

/** The longest message or comment, in characters (UTF-16 code units, as the browser's maxLength counts). */
export const MESSAGE_MAX_LENGTH = 5000;
/** A thread's page: newest first, older ones by cursor. */
export const MESSAGE_PAGE_SIZE = 30;
/** A message the other side has not seen for this long is e-mailed to them (once per unseen stretch). */
export const UNSEEN_MESSAGE_ALERT_MINUTES = 5;

/** One message of a project's thread, or one comment of a ticket (ticket_id set). Plain text, never HTML. */
export interface ConversationMessage {
  id: string;
  project_id: string;
  /** Null: the project's thread; set: a comment on that ticket. */
  ticket_id: string | null;
  author_id: string;
  author_role: 'ADMIN' | 'CLIENT';
  author_name: string | null;
  body: string;
  created_at: string;
  /** The other side has seen it (project threads only; false for ticket comments). */
  seen: boolean;
  /** Files of the project it carries (downloaded through POST /api/files/:id/download-url). */
  attachments: MessageAttachment[];
}

/** Which e-mails a person gets (GET/PATCH /api/email-settings). */
export interface EmailSettings {
  /** An e-mail when a message waits unseen for UNSEEN_MESSAGE_ALERT_MINUTES (one per thread until seen). */
  messageAlerts: boolean;
  /** Ticket moves in one daily digest instead of a notification each. */
  ticketDigest: boolean;
}
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = { messageAlerts: true, ticketDigest: true };

const invalidText = 'Message contains characters that are not allowed';
export const CONVERSATION_MESSAGES = {
  required: 'Write a message first',
  tooLong: `A message is at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  invalid: invalidText,
  ticketNotInProject: 'That ticket is not on this project',
  /** A message (or comment) with neither text nor a file: it may carry files alone, but not nothing. */
  textOrFiles: 'Write a message or attach a file',
} as const;

const messageBody = () =>
  multiLineText(invalidText)
    .required(CONVERSATION_MESSAGES.required)
    .test('not-blank', CONVERSATION_MESSAGES.required, (v) => v === undefined || v.trim().length > 0)
    .max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.tooLong);

/** The text of a message that carries files: it may be left empty (the files are the message). */
const hasFiles = (fileIds: unknown) => Array.isArray(fileIds) && fileIds.length > 0;

/**
 * POST /api/projects/:id/messages: a message to the thread, or with ticketId a comment on that ticket. Text,
 * files, or both: a message with files may have no text, one without files needs some (textOrFiles).
 */
export const postMessageSchema = requestObject({
  body: multiLineText(invalidText)
    .max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.tooLong)
    .when('fileIds', {
      is: hasFiles,
      then: (text) => text.optional(),
      otherwise: (text) =>
        text
          .required(CONVERSATION_MESSAGES.textOrFiles)
          .test(
            'not-blank',
            CONVERSATION_MESSAGES.textOrFiles,
            (v) => v === undefined || v.trim().length > 0,
          ),
    }),
  ticketId: string().optional().uuid(API_MESSAGES.invalidValue),
  /** Files already uploaded to the project (issue 34, item 2). */
  fileIds: array(string().required().uuid(FILE_MESSAGES.api.fileNotFound))
    .optional()
    .max(MESSAGE_MAX_ATTACHMENTS, FILE_MESSAGES.api.tooManyAttachments),
});
export type PostMessageRequest = InferType<typeof postMessageSchema>;

/** GET /api/projects/:id/messages: newest first; `cursor` from the previous page; `ticketId`: its comments. */
export const messageListQuerySchema = requestObject({
  ticketId: string().optional().uuid(API_MESSAGES.invalidValue),
  limit: string()
    .optional()
    .matches(/^\d{1,3}$/, API_MESSAGES.invalidValue)
    .test('range', API_MESSAGES.invalidValue, (v) => v === undefined || (Number(v) >= 1 && Number(v) <= 100)),
  cursor: string()
    .optional()
    .max(40)
    .matches(/^[\w-]+$/, API_MESSAGES.invalidValue),
});
export type MessageListQuery = InferType<typeof messageListQuerySchema>;

/** PATCH /api/email-settings. */
export const emailSettingsSchema = requestObject({
  messageAlerts: boolean().optional(),
  ticketDigest: boolean().optional(),
}).test('at-least-one', API_MESSAGES.nothingToUpdate, (v) => Object.keys(v ?? {}).length > 0);
export type EmailSettingsRequest = InferType<typeof emailSettingsSchema>;

/** POST /api/inbox/reply: the admin answers a contact message or a consultation request by e-mail. */
export const inboxReplySchema = requestObject({
  kind: mixed<InboxKind>()
    .required()
    .oneOf([...INBOX_KINDS], API_MESSAGES.invalidValue),
  id: string().required().uuid(API_MESSAGES.invalidValue),
  body: messageBody(),
});
export type InboxReplyRequest = InferType<typeof inboxReplySchema>;

/** POST /api/inbox/link: a contact message belongs to a project. */
export const inboxLinkSchema = requestObject({
  id: string().required().uuid(API_MESSAGES.invalidValue),
  projectId: string().required(API_MESSAGES.projectIdInvalid).uuid(API_MESSAGES.projectIdInvalid),
});
export type InboxLinkRequest = InferType<typeof inboxLinkSchema>;

/** POST /api/inbox/convert: a consultation request becomes a project (its pending request, accepted). */
export const inboxConvertSchema = requestObject({
  id: string().required().uuid(API_MESSAGES.invalidValue),
});
export type InboxConvertRequest = InferType<typeof inboxConvertSchema>;

/** One reply the admin sent from the Inbox. */
export interface InboxReply {
  id: string;
  body: string;
  sentTo: string;
  at: string;
}

/** Where a notification or an e-mail about a message leads: the dashboard, opened on that project's thread. */
export const conversationLink = (projectId: string, messageId?: string) =>
  `/dashboard?project=${encodeURIComponent(projectId)}${messageId ? `&message=${encodeURIComponent(messageId)}` : ''}`;
