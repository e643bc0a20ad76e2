import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TICKET_STATUS_LABELS, TICKET_STATUSES, type TicketStatus } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Box, chakra } from '@agency/ui';

const T = ADMIN_MESSAGES.ticket;

interface Props {
  title: string;
  status: TicketStatus;
  disabled?: boolean;
  onMove: (status: TicketStatus) => void;
  /** The button, for giving focus back to it after a move. */
  buttonRef?: (node: HTMLButtonElement | null) => void;
}

/**
 * Move to…: a menu button (styled by its board, as the ticket's other buttons) listing every other column (WAI-ARIA menu button: arrows move between items, Enter
 * or Space picks, Escape closes, focus goes back to the button).
 */
export function MoveToMenu({ title, status, disabled, onMove, buttonRef }: Props) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const targets = TICKET_STATUSES.filter((s) => s !== status);
  const [start, setStart] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    items.current[start === 'first' ? 0 : targets.length - 1]?.focus();
    const close = (event: MouseEvent | TouchEvent) => {
      if (!(event.target instanceof Node) || !button.current?.parentElement?.contains(event.target))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('touchstart', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('touchstart', close);
    };
  }, [open, start, targets.length]);

  const openMenu = (from: 'first' | 'last') => {
    setStart(from);
    setOpen(true);
  };
  const closeMenu = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLElement>) => {
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => items.current[(i + targets.length) % targets.length]?.focus();
    event.stopPropagation();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(at + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(at - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(targets.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className="ticket-menu">
      <button
        ref={(node) => {
          button.current = node;
          buttonRef?.(node);
        }}
        type="button"
        className="ticket-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${T.moveTo} "${title}"`}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={onButtonKey}
      >
        {T.moveTo}
      </button>
      {open ? (
        <Box
          as="ul"
          id={menuId}
          role="menu"
          aria-label={T.moveMenu(title)}
          onKeyDown={onMenuKey}
          position="absolute"
          insetStart="0"
          top="100%"
          mt="1"
          zIndex="dropdown"
          minW="10rem"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          py="1"
          listStyleType="none"
          m="0"
        >
          {targets.map((target, i) => (
            <li key={target} role="none">
              <chakra.button
                ref={(node: HTMLButtonElement | null) => {
                  items.current[i] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                w="full"
                textAlign="start"
                px="3"
                py="1.5"
                fontSize="sm"
                _hover={{ bg: 'bg.muted' }}
                _focusVisible={{
                  bg: 'bg.muted',
                  outline: '2px solid',
                  outlineColor: 'colorPalette.focusRing',
                  outlineOffset: '-2px',
                }}
                onClick={() => {
                  setOpen(false);
                  onMove(target);
                }}
              >
                {TICKET_STATUS_LABELS[target]}
              </chakra.button>
            </li>
          ))}
        </Box>
      ) : null}
    </div>
  );
}
