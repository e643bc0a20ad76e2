import type { DndProviderProps } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';

export interface DndBackend {
  backend: Extract<DndProviderProps<unknown, unknown>, { backend: unknown }>['backend'];
  options?: unknown;
}

type Tracked = Promise<DndBackend> & { status?: 'fulfilled'; value?: DndBackend };
let touch: Tracked | undefined;

/** Touch is the primary pointer (phones, tablets): HTML5 drag and drop does not fire there. */
export function isTouchDevice(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/**
 * The drag-and-drop backend: HTML5 on desktops; on touch devices the touch backend, loaded only there. A short
 * press delay keeps scrolling the board with a finger possible.
 */
export function loadDndBackend(): Promise<DndBackend> | DndBackend {
  if (!isTouchDevice()) return { backend: HTML5Backend };
  if (!touch) {
    const promise: Tracked = import('react-dnd-touch-backend').then(({ TouchBackend }) => {
      const value = { backend: TouchBackend, options: { enableMouseEvents: true, delayTouchStart: 150 } };
      promise.status = 'fulfilled';
      promise.value = value;
      return value;
    });
    touch = promise;
  }
  return touch;
}
