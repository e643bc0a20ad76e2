/**
 * The reference a person can quote (on the phone, in an e-mail) for a project or a message: the first eight hex
 * digits of its id, upper case, in two groups ("1A2B-3C4D"). The admin's search finds a project by it.
 */
export function shortReference(id: string): string {
  const hex = id.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}
