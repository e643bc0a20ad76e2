/** The last `limit` lines written, oldest first (each cut to `width` characters). */
export function recentLines(limit: number, width = 600) {
  const lines: string[] = [];
  return {
    add(line: string): void {
      lines.push(line.slice(0, width));
      if (lines.length > limit) lines.shift();
    },
    lines: (): readonly string[] => lines,
  };
}
