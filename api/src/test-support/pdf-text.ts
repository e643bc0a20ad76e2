import { execFile } from 'node:child_process';

// unpdf loads PDF.js with a dynamic import(), which jest's VM refuses without --experimental-vm-modules; a plain
// Node process reads the PDF instead (e2e journeys, which run as ES modules, can import unpdf directly).
const EXTRACT = `
import { extractText, getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { text } = await extractText(pdf, { mergePages: true });
process.stdout.write(text);
`;

/** The text of a PDF, pages joined, as a reader's copy-paste would give it. */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--eval', EXTRACT],
      { cwd: __dirname, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin?.end(Buffer.from(bytes));
  });
}
