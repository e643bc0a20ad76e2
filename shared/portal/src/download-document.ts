import { getAccessToken } from '@agency/auth';
import { followDownload } from './use-project-files';

/**
 * Saves a document the API serves as a file (a signed agreement, an invoice: `Content-Disposition: attachment`),
 * fetched with the signed-in user's token since a plain link cannot carry it. The name is the server's.
 * Resolves false when the API refuses it.
 */
export async function downloadDocument(apiUrl: string, path: string, fallbackName: string): Promise<boolean> {
  const token = await getAccessToken();
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) return false;
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  followDownload(href, name);
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}
