import type { Database } from '../../db/database';
import type { FileStorage } from './file-storage';

/**
 * Removes uploads announced but never finished once their time ran out: the rows and their objects (if the
 * bytes arrived after all). Rows go in the transaction that removes the objects, so a failed removal keeps them
 * for the next sweep; an upload being completed at that moment waits for the row and then finds it gone.
 * Returns how many were removed.
 */
export async function sweepExpiredUploads(db: Database, storage: FileStorage, batch = 100): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx.query<{ storage_path: string }>(
        `delete from project_files where id in (
           select id from project_files where status = 'pending' and upload_expires_at <= now()
           order by upload_expires_at limit $1 for update skip locked)
         returning storage_path`,
        [batch],
      );
      await storage.remove(rows.map((row) => row.storage_path));
      return rows.length;
    });
    removed += count;
    if (count < batch) return removed;
  }
}
