/** @jest-environment jsdom */
import '../../../../tools/jest/setup-dom';
import {
  fireEvent,
  render,
  screen,
  waitFor,
  waitForElementToBeRemoved,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FILE_MESSAGES, type ProjectFile } from '@agency/domain';
import { UiProvider } from '@agency/ui';
import { setTestAppConfig, TEST_API_URL } from '../../../../tools/jest/test-utils';
import { ProjectFiles } from './project-files';
import { fileKeys } from '../files-data';
import { applyLiveEvent } from '../portal-data';

const t = FILE_MESSAGES.ui;
const PROJECT = '0a9e6e5c-7c4e-4d7e-9a36-6d2f3b0a1e11';

const file = (overrides: Partial<ProjectFile>): ProjectFile => ({
  id: 'f1',
  project_id: PROJECT,
  name: 'brief.pdf',
  content_type: 'application/pdf',
  size: 2048,
  uploader_role: 'CLIENT',
  mine: true,
  deliverable: false,
  created_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

/** An XMLHttpRequest double: reports upload progress, then answers as Storage does. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  static release: (() => void) | undefined;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private request = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request = { ...this.request, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  abort() {}
  send(body: Blob) {
    FakeXhr.sent.push({ ...this.request, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: body.size / 2, total: body.size });
    FakeXhr.release = () => {
      this.status = 200;
      this.responseText = '{"Key":"x"}';
      this.onload?.();
    };
  }
}

let files: ProjectFile[];
let calls: string[];
beforeEach(() => {
  setTestAppConfig();
  files = [
    file({}),
    file({ id: 'f2', name: 'design.png', content_type: 'image/png', uploader_role: 'ADMIN', mine: false }),
  ];
  calls = [];
  FakeXhr.sent = [];
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    // jsdom has no Response: the fields the API client reads.
    const reply = (body: unknown, status = 200) => ({
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(body),
    });
    if (key === `GET /api/projects/${PROJECT}/files`)
      return reply({ files, usage: { usedBytes: 2048 + 2048, quotaBytes: 500 * 1024 * 1024 } });
    if (key === `POST /api/projects/${PROJECT}/files`) {
      const body = JSON.parse(String(init!.body)) as { name: string; size: number };
      return reply(
        {
          file: file({ id: 'f3', name: body.name, size: body.size }),
          upload: { url: 'http://storage.test/upload?token=t', contentType: 'text/plain', expiresAt: '' },
        },
        201,
      );
    }
    if (key === 'POST /api/files/f3/complete') {
      files = [file({ id: 'f3', name: 'notes.txt', content_type: 'text/plain', size: 5 }), ...files];
      return reply({ file: files[0] });
    }
    if (key === 'PATCH /api/files/f1') return reply({ file: file({ deliverable: true }) });
    return reply({ error: 'unexpected' }, 500);
  }) as unknown as typeof fetch;
});

function renderFiles(
  viewer: 'admin' | 'client',
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <ProjectFiles projectId={PROJECT} viewer={viewer} />
      </QueryClientProvider>
    </UiProvider>,
  );
}

describe('Files area', () => {
  it('states the limits, lists files with who sent them, and offers delete only for one’s own', async () => {
    renderFiles('client');
    expect(screen.getByText(t.limits)).toBeInTheDocument();
    const brief = await screen.findByRole('listitem', { name: 'brief.pdf' });
    expect(within(brief).getByText(/2 KB · You/)).toBeInTheDocument();
    expect(within(brief).getByRole('button', { name: 'Delete brief.pdf' })).toBeInTheDocument();
    const design = screen.getByRole('listitem', { name: 'design.png' });
    expect(within(design).getByText(/Consultancy/)).toBeInTheDocument();
    expect(within(design).queryByRole('button', { name: 'Delete design.png' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('4 KB of 500 MB used')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`${TEST_API_URL}/api/projects/${PROJECT}/files`, expect.anything());
  });

  it('uploads a picked file with a progress bar: announce, PUT to the signed URL, complete', async () => {
    const user = userEvent.setup();
    renderFiles('client');
    await screen.findByRole('listitem', { name: 'brief.pdf' });
    await user.upload(
      screen.getByLabelText(t.pick),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    const bar = await screen.findByRole('progressbar', { name: 'Uploading notes.txt' });
    expect(bar).toHaveAttribute('value', '2.5');
    expect(FakeXhr.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'http://storage.test/upload?token=t',
        headers: { 'content-type': 'text/plain' },
      }),
    ]);
    FakeXhr.release!();
    expect(await screen.findByText('notes.txt uploaded')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'notes.txt' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls).toContain('POST /api/files/f3/complete');
  });

  it('refuses a type off the allowlist before sending anything, naming what is allowed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderFiles('client');
    await screen.findByRole('listitem', { name: 'brief.pdf' });
    await user.upload(screen.getByLabelText(t.pick), new File(['MZ'], 'setup.exe'));
    expect(
      await screen.findByText(t.uploadFailed('setup.exe', FILE_MESSAGES.api.typeNotAllowed)),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    expect(FakeXhr.sent).toEqual([]);
  });

  it('takes files dragged onto the area (the drop hook the composer shares), with the same progress', async () => {
    renderFiles('client');
    await screen.findByRole('listitem', { name: 'brief.pdf' });
    const zone = screen.getByTestId('file-drop-zone');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const drag = { dataTransfer: { files: [file], types: ['Files'], dropEffect: 'none' } };
    fireEvent.dragOver(zone, drag);
    expect(screen.getByText(t.dropActive)).toBeInTheDocument();
    fireEvent.drop(zone, drag);
    expect(screen.getByText(t.dropHere)).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Uploading notes.txt' })).toBeInTheDocument();
    FakeXhr.release!();
    expect(await screen.findByText('notes.txt uploaded')).toBeInTheDocument();
  });

  it('gives the admin the deliverable mark, shown at once', async () => {
    const user = userEvent.setup();
    renderFiles('admin');
    const brief = await screen.findByRole('listitem', { name: 'brief.pdf' });
    await user.click(within(brief).getByRole('checkbox', { name: t.markDeliverable('brief.pdf') }));
    expect(within(brief).getByRole('checkbox', { name: t.markDeliverable('brief.pdf') })).toBeChecked();
    expect(await within(brief).findByText(t.deliverable, { selector: 'span' })).toBeInTheDocument();
    expect(calls).toContain('PATCH /api/files/f1');
  });

  it('ticks the mark within the click itself, before the cache hears of it', async () => {
    renderFiles('admin');
    const brief = await screen.findByRole('listitem', { name: 'brief.pdf' });
    const mark = within(brief).getByRole('checkbox', { name: t.markDeliverable('brief.pdf') });
    fireEvent.click(mark);
    // No timer has run yet: the cache tells of its optimistic mark only on one.
    expect(mark).toBeChecked();
    expect(await within(brief).findByText(t.deliverable, { selector: 'span' })).toBeInTheDocument();
    expect(mark).toBeChecked();
  });

  it('takes the tick back when the server refuses the mark, and says so', async () => {
    renderFiles('admin');
    const brief = await screen.findByRole('listitem', { name: 'brief.pdf' });
    jest.mocked(fetch).mockImplementationOnce(
      async () =>
        ({
          ok: false,
          status: 404,
          text: async () => JSON.stringify({ error: 'File not found' }),
        }) as unknown as Response,
    );
    const mark = within(brief).getByRole('checkbox', { name: t.markDeliverable('brief.pdf') });
    fireEvent.click(mark);
    expect(mark).toBeChecked();
    await waitFor(() => expect(mark).not.toBeChecked());
    // The server's own words, as every failed file action shows them.
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(within(brief).queryByText(t.deliverable, { selector: 'span' })).toBeNull();
  });

  it('keeps the mark while it is saved, even when a read of the list under way answers with the older state', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderFiles('admin', client);
    const brief = await screen.findByRole('listitem', { name: 'brief.pdf' });
    const answer = jest.mocked(fetch).getMockImplementation()!;
    const held = () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      jest.mocked(fetch).mockImplementationOnce(async (input, init) => {
        const response = await answer(input, init);
        await released;
        return response;
      });
      return () => release();
    };
    const answerLateRead = held();
    void client.invalidateQueries({ queryKey: fileKeys.list(PROJECT) });
    await waitFor(() => expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(2));
    const answerMark = held();
    const mark = within(brief).getByRole('checkbox', { name: t.markDeliverable('brief.pdf') });
    await user.click(mark);
    answerLateRead();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(mark).toBeChecked();
    answerMark();
    expect(await within(brief).findByText(t.deliverable, { selector: 'span' })).toBeInTheDocument();
    expect(mark).toBeChecked();
  });

  it("shows the other side's upload and deletion live, without a reload", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderFiles('admin', client);
    await screen.findByRole('listitem', { name: 'brief.pdf' });
    const live = (id: number, action: string) =>
      applyLiveEvent(client, {
        id,
        projectId: PROJECT,
        action,
        actorRole: 'CLIENT',
        from: null,
        to: null,
        at: '2026-11-27T10:05:00.000Z',
        notifies: true,
      });
    files = [file({ id: 'f4', name: 'contract.pdf', mine: false }), ...files];
    live(1, 'file_uploaded');
    expect(await screen.findByRole('listitem', { name: 'contract.pdf' })).toBeInTheDocument();
    files = files.filter((f) => f.id !== 'f4');
    live(2, 'file_deleted');
    await waitForElementToBeRemoved(() => screen.queryByRole('listitem', { name: 'contract.pdf' }));
    // A file event is about files only: the project itself is not read again.
    expect(calls.filter((c) => c !== `GET /api/projects/${PROJECT}/files`)).toEqual([]);
  });
});
