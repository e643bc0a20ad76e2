import { useEffect } from 'react';
import { act, render } from '@testing-library/react';
import { useNavigate } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { useHashScroll } from './use-hash-scroll';
import { sectionIdFromHash } from '../../../lib/dom/wait-for-element';

let navigate: ReturnType<typeof useNavigate> = () => {};
function Probe() {
  useHashScroll(1000);
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
  });
  return null;
}

function addSection(id: string) {
  const section = document.createElement('section');
  section.id = id;
  section.scrollIntoView = jest.fn();
  document.body.appendChild(section);
  return section;
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('useHashScroll', () => {
  it('waits for a section rendered later (the marketing remote) and scrolls to it', async () => {
    render(
      <MemoryRouter initialEntries={['/#contact']}>
        <Probe />
      </MemoryRouter>,
    );
    const section = await act(async () => addSection('contact'));
    await act(async () => {});
    expect(section.scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
  });

  it('scrolls to a section that is already there when a nav link changes the hash', async () => {
    const section = addSection('services');
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    );
    await act(async () => navigate('/#services'));
    expect(section.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout when the section never appears', async () => {
    jest.useFakeTimers();
    const observe = jest.spyOn(MutationObserver.prototype, 'disconnect');
    render(
      <MemoryRouter initialEntries={['/#about']}>
        <Probe />
      </MemoryRouter>,
    );
    await act(async () => jest.advanceTimersByTime(1000));
    expect(observe).toHaveBeenCalled();
    const late = addSection('about');
    await act(async () => {});
    expect(late.scrollIntoView).not.toHaveBeenCalled();
  });

  it('starts a new page at the top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    await act(async () => navigate('/terms-of-service'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('ignores auth callbacks in the fragment', () => {
    expect(sectionIdFromHash('#access_token=abc&type=recovery')).toBeNull();
    expect(sectionIdFromHash('#services')).toBe('services');
    expect(sectionIdFromHash('')).toBeNull();
  });
});
