import { mixed, type InferType } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import { INVALID_CHARACTERS, VALIDATION } from '../messages/validation';
import { BOARD_TYPES, TICKET_STATUSES, type BoardType, type TicketStatus } from '../project-status';
import { multiLineText, projectIdField, requestObject, singleLineText } from './request-object';

const titleRequired = VALIDATION.ticket.titleRequired;
const x = INVALID_CHARACTERS;

export const createTicketSchema = requestObject({
  project_id: projectIdField(),
  title: singleLineText(x.title)
    .required(titleRequired)
    .test('not-blank', titleRequired, (v) => !!v?.trim())
    .max(200),
  description: multiLineText(x.description).optional().max(10_000),
  assignee: singleLineText(x.assignee).optional().max(200),
  board_type: mixed<BoardType>()
    .required()
    .oneOf([...BOARD_TYPES]),
  status: mixed<TicketStatus>()
    .optional()
    .oneOf([...TICKET_STATUSES]),
});
export type CreateTicketRequest = InferType<typeof createTicketSchema>;

/** PATCH /api/tickets/:id: a move (status) and/or an edit of the admin's ticket. */
export const updateTicketSchema = requestObject({
  status: mixed<TicketStatus>()
    .optional()
    .oneOf([...TICKET_STATUSES]),
  title: singleLineText(x.title)
    .optional()
    .test('not-blank', titleRequired, (v) => v === undefined || !!v.trim())
    .max(200),
  description: multiLineText(x.description).nullable().optional().max(10_000),
  assignee: singleLineText(x.assignee).nullable().optional().max(200),
}).test('at-least-one', API_MESSAGES.nothingToUpdate, (v) => Object.keys(v ?? {}).length > 0);
export type UpdateTicketRequest = InferType<typeof updateTicketSchema>;
