import { useState, type DragEvent } from 'react';

/** A drag carries files (from the desktop or a file manager), not text or a link being moved on the page. */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Drag and drop of files onto an area, shared by the Files area and the conversation's composer (issue 34): spread
 * `dropProps` on the area, read `dragging` to show it takes the drop. Only drags that carry files are taken, so
 * text dragged into a text field inside the area still lands there. The files go to `onFiles`, the same path as
 * the picker's, so the same limits and progress apply.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    dropProps: {
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        // Moving onto a child of the area is no leaving.
        const to = event.relatedTarget;
        if (to instanceof Node && event.currentTarget.contains(to)) return;
        setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const files = Array.from(event.dataTransfer.files ?? []);
        if (files.length) onFiles(files);
      },
    },
  };
}
