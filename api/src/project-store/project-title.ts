/** The title of a new project: the tier's name and the client's full name (spec section 3). */
export function projectTitle(tierName: string, clientName: string): string {
  return clientName ? `${tierName} - ${clientName}` : tierName;
}
