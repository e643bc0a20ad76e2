import { mixed, string, type InferType } from 'yup';
import { VALIDATION } from '../messages/validation';
import { BOARD_TYPES, TICKET_STATUSES, type BoardType, type TicketStatus } from '../project-status';
import { projectIdField, requestObject } from './request-object';

const titleRequired = VALIDATION.ticket.titleRequired;

export const createTicketSchema = requestObject({
  project_id: projectIdField(),
  title: string().required(titleRequired).test('not-blank', titleRequired, (v) => !!v?.trim()).max(200),
  description: string().optional().max(10_000),
  assignee: string().optional().max(200),
  board_type: mixed<BoardType>().required().oneOf([...BOARD_TYPES]),
  status: mixed<TicketStatus>().optional().oneOf([...TICKET_STATUSES]),
});
export type CreateTicketRequest = InferType<typeof createTicketSchema>;

export const updateTicketSchema = requestObject({
  status: mixed<TicketStatus>().required().oneOf([...TICKET_STATUSES]),
});
export type UpdateTicketRequest = InferType<typeof updateTicketSchema>;
