/** @jest-environment jsdom */
import '../../../../tools/jest/setup-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FILE_MESSAGES, type ConversationMessage, type ProjectFile } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { UiProvider } from '@agency/ui';
import { setTestAppConfig } from '../../../../tools/jest/test-utils';
import { ConversationThread } from './conversation';

const T = CONVERSATION_TEXTS;
const t = T.attach;
const PROJECT = '0a9e6e5c-7c4e-4d7e-9a36-6d2f3b0a1e11';

/** An XMLHttpRequest double: reports half the upload, then finishes (or fails) when the test says. */
class FakeXhr {
  static sent: { url: string; body: Blob; finish: (status?: number) => void }[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: body.size / 2, total: body.size });
    FakeXhr.sent.push({
      url: this.url,
      body,
      finish: (status = 200) => {
        this.status = status;
        this.responseText = status === 200 ? '{"Key":"x"}' : '{"message":"Storage is full"}';
        this.onload?.();
      },
    });
  }
}

let calls: string[];
let posted: unknown[];
let messages: ConversationMessage[];
let announced: number;
/** While set, completions wait for it (an upload finishing on the server while the composer changes). */
let completionGate: Promise<void> | null;
beforeEach(() => {
  completionGate = null;
  setTestAppConfig();
  calls = [];
  posted = [];
  messages = [];
  announced = 0;
  FakeXhr.sent = [];
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const reply = (body: unknown, status = 200) => ({
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(body),
    });
    if (key === `GET /api/projects/${PROJECT}/messages`) return reply({ messages, nextCursor: null });
    if (key === `POST /api/projects/${PROJECT}/files`) {
      const body = JSON.parse(String(init!.body)) as { name: string; size: number };
      const id = `file-${++announced}`;
      const file: ProjectFile = {
        id,
        project_id: PROJECT,
        name: body.name,
        content_type: 'application/pdf',
        size: body.size,
        uploader_role: 'CLIENT',
        mine: true,
        deliverable: false,
        created_at: '2026-11-27T10:00:00.000Z',
      };
      return reply(
        { file, upload: { url: `http://storage.test/${id}`, contentType: 'application/pdf' } },
        201,
      );
    }
    const complete = /^POST \/api\/files\/(file-\d+)\/complete$/.exec(key);
    if (complete) {
      await completionGate;
      return reply({ file: { id: complete[1] } });
    }
    if (/^DELETE \/api\/files\/file-\d+$/.test(key)) return reply({ deleted: true });
    if (key === `POST /api/projects/${PROJECT}/messages`) {
      const body = JSON.parse(String(init!.body)) as { body?: string; fileIds?: string[] };
      posted.push(body);
      const message: ConversationMessage = {
        id: 'm1',
        project_id: PROJECT,
        ticket_id: null,
        author_id: 'me',
        author_role: 'CLIENT',
        author_name: 'Ada',
        body: body.body ?? '',
        created_at: '2026-11-27T10:01:00.000Z',
        seen: false,
        attachments: (body.fileIds ?? []).map((id) => ({
          id,
          name: `${id}.pdf`,
          content_type: 'application/pdf',
          size: 4,
        })),
      };
      messages = [message];
      return reply({ message }, 201);
    }
    return reply({ error: 'unexpected' }, 500);
  }) as unknown as typeof fetch;
});

function renderThread() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <ConversationThread projectId={PROJECT} label="Messages about Website" viewer="client" />
      </QueryClientProvider>
    </UiProvider>,
  );
}

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
const sendButton = () => screen.getByRole('button', { name: T.send });

describe('conversation composer: attachments', () => {
  it('uploads picked files with progress, holds Send until they are up, and sends them with the message', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText(T.empty);

    // Keyboard: the attach control is a button in the tab order, its limits read with it.
    await user.click(screen.getByRole('textbox', { name: T.compose }));
    await user.tab();
    const attach = screen.getByRole('button', { name: t.button });
    expect(attach).toHaveFocus();
    expect(attach).toHaveAccessibleDescription(t.limits);

    await user.type(screen.getByRole('textbox', { name: T.compose }), 'The brief and the logo.');
    await user.upload(screen.getByLabelText(t.button), [pdf('brief.pdf'), pdf('notes.pdf')]);
    const list = await screen.findByRole('list', { name: t.listLabel });
    const brief = within(list).getByRole('listitem', { name: 'brief.pdf' });
    expect(await within(brief).findByRole('progressbar', { name: t.uploading('brief.pdf') })).toHaveAttribute(
      'value',
      '2',
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText(t.waitForUploads)).toBeInTheDocument();

    FakeXhr.sent.forEach((upload) => upload.finish());
    await waitFor(() => expect(within(list).getAllByText(t.ready)).toHaveLength(2));
    expect(within(list).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();

    await user.click(sendButton());
    await waitFor(() =>
      expect(posted).toEqual([{ body: 'The brief and the logo.', fileIds: ['file-1', 'file-2'] }]),
    );
    // Sent: the composer is empty again and the thread shows the message with its files.
    await waitFor(() => expect(screen.queryByRole('list', { name: t.listLabel })).not.toBeInTheDocument());
    const thread = await screen.findByRole('list', { name: 'Messages about Website' });
    expect(
      within(thread).getByRole('button', { name: FILE_MESSAGES.ui.downloadLabel('file-1.pdf') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: T.compose })).toHaveValue('');
  });

  it('names why a file was refused, and Send waits until it is removed (by keyboard)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderThread();
    await screen.findByText(T.empty);
    await user.type(screen.getByRole('textbox', { name: T.compose }), 'Setup attached');
    await user.upload(screen.getByLabelText(t.button), new File(['MZ'], 'setup.exe'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      t.failed('setup.exe', FILE_MESSAGES.api.typeNotAllowed),
    );
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText(t.removeFailed)).toBeInTheDocument();

    screen.getByRole('button', { name: t.removeLabel('setup.exe') }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: t.listLabel })).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("states Storage's refusal of an upload, and leaves nothing announced behind", async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText(T.empty);
    await user.upload(screen.getByLabelText(t.button), pdf('big.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.finish(413);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.failed('big.pdf', 'Storage is full'));
    expect(calls).toContain('DELETE /api/files/file-1');
  });

  it('removing a file takes it off the message: an upload under way is cancelled, a finished one deleted', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText(T.empty);
    await user.upload(screen.getByLabelText(t.button), [pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.finish();
    const list = screen.getByRole('list', { name: t.listLabel });
    await within(within(list).getByRole('listitem', { name: 'b.pdf' })).findByText(t.ready);

    await user.click(screen.getByRole('button', { name: t.removeLabel('a.pdf') }));
    await waitFor(() => expect(calls).toContain('DELETE /api/files/file-1'));
    await user.click(screen.getByRole('button', { name: t.removeLabel('b.pdf') }));
    await waitFor(() => expect(calls).toContain('DELETE /api/files/file-2'));
    expect(screen.queryByRole('list', { name: t.listLabel })).not.toBeInTheDocument();
    expect(calls).not.toContain('POST /api/files/file-1/complete');

    await user.type(screen.getByRole('textbox', { name: T.compose }), 'No files after all');
    await user.click(sendButton());
    await waitFor(() => expect(posted).toEqual([{ body: 'No files after all' }]));
  });
});

/** Files dragged from the desktop: what the browser's DataTransfer says of them. */
const filesDrag = (files: File[]) => ({ dataTransfer: { files, types: ['Files'], dropEffect: 'none' } });
const dropZone = () => screen.getByTestId('composer-drop-zone');

describe('conversation composer: files alone, drag and drop, nothing left behind', () => {
  it('sends files alone: with no text, Send waits for a ready file, and the message carries just the file', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText(T.empty);
    expect(sendButton()).toBeDisabled();
    await user.upload(screen.getByLabelText(t.button), pdf('brief.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(sendButton()).toBeDisabled();
    FakeXhr.sent[0]!.finish();
    await screen.findByText(t.ready);
    expect(sendButton()).toBeEnabled();

    await user.click(sendButton());
    await waitFor(() => expect(posted).toEqual([{ fileIds: ['file-1'] }]));
    const thread = await screen.findByRole('list', { name: 'Messages about Website' });
    const [message] = within(thread).getAllByRole('listitem');
    expect(
      within(message!).getByRole('button', { name: FILE_MESSAGES.ui.downloadLabel('file-1.pdf') }),
    ).toBeInTheDocument();
    // Only blanks typed: still files alone, never a text of spaces; nothing at all: Send stays off.
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: T.compose }), '   ');
    expect(sendButton()).toBeDisabled();
  });

  it('takes files dropped on the composer the way the picker does: same limits, same progress', async () => {
    renderThread();
    await screen.findByText(T.empty);
    // Text dragged over the composer is left to the text field.
    fireEvent.dragOver(dropZone(), { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(screen.queryByText(t.dropActive)).not.toBeInTheDocument();

    fireEvent.dragOver(dropZone(), filesDrag([pdf('brief.pdf')]));
    expect(screen.getByText(t.dropActive)).toBeInTheDocument();
    fireEvent.drop(dropZone(), filesDrag([pdf('brief.pdf'), new File(['MZ'], 'setup.exe')]));
    expect(screen.queryByText(t.dropActive)).not.toBeInTheDocument();

    const list = await screen.findByRole('list', { name: t.listLabel });
    const brief = within(list).getByRole('listitem', { name: 'brief.pdf' });
    expect(await within(brief).findByRole('progressbar', { name: t.uploading('brief.pdf') })).toHaveAttribute(
      'value',
      '2',
    );
    expect(within(list).getByRole('alert')).toHaveTextContent(
      t.failed('setup.exe', FILE_MESSAGES.api.typeNotAllowed),
    );
    expect(calls.filter((c) => c === `POST /api/projects/${PROJECT}/files`)).toHaveLength(1);
  });

  it('deletes the files it uploaded but never sent when it closes, and keeps those a message carries', async () => {
    const user = userEvent.setup();
    const view = renderThread();
    await screen.findByText(T.empty);
    await user.upload(screen.getByLabelText(t.button), pdf('sent.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.finish();
    await screen.findByText(t.ready);
    await user.click(sendButton());
    await waitFor(() => expect(posted).toEqual([{ fileIds: ['file-1'] }]));
    await waitFor(() => expect(screen.queryByRole('list', { name: t.listLabel })).not.toBeInTheDocument());

    await user.upload(screen.getByLabelText(t.button), pdf('draft.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.finish();
    await screen.findByText(t.ready);
    act(() => view.unmount());
    await waitFor(() => expect(calls).toContain('DELETE /api/files/file-2'));
    expect(calls).not.toContain('DELETE /api/files/file-1');
  });

  it('deletes a file whose upload was finishing when it was removed', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText(T.empty);
    await user.upload(screen.getByLabelText(t.button), pdf('late.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    // The bytes are in; the completion is on its way (the server finishes it) when the file is removed.
    let completes = () => {};
    completionGate = new Promise((resolve) => (completes = resolve));
    FakeXhr.sent[0]!.finish();
    await waitFor(() => expect(calls).toContain('POST /api/files/file-1/complete'));
    expect(screen.getByRole('progressbar', { name: t.uploading('late.pdf') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.removeLabel('late.pdf') }));
    expect(screen.queryByRole('list', { name: t.listLabel })).not.toBeInTheDocument();
    expect(calls).not.toContain('DELETE /api/files/file-1');
    completes();
    await waitFor(() => expect(calls).toContain('DELETE /api/files/file-1'));
  });
});
