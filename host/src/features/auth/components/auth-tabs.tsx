import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Box, chakra } from '@agency/ui';

export interface AuthTab<T extends string> {
  value: T;
  label: string;
  panel: ReactNode;
}

const TabButton = chakra('button', {
  base: {
    flex: '1',
    py: '2.5',
    px: '4',
    fontWeight: 'medium',
    color: 'fg.muted',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    marginBottom: '-1px',
    cursor: 'pointer',
    transition: 'color 0.15s, border-color 0.15s',
    _hover: { color: 'fg' },
    _selected: { color: 'fg', borderColor: 'brand.solid' },
    focusVisibleRing: 'inside',
    focusRingColor: 'brand.focusRing',
    focusRingWidth: '2px',
  },
});

/**
 * The sign-in page's two tabs (WAI-ARIA tabs: arrow keys, Home and End move between them and select). Drawn
 * with the kit's tokens instead of its Tabs, whose state machine is ~15 kB gz the sign-in page can do without.
 */
export function AuthTabs<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly AuthTab<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onChange(tab.value);
    buttons.current[tabs.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };
  return (
    <>
      <Box role="tablist" display="flex" borderBottomWidth="1px">
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <TabButton
              key={tab.value}
              ref={(element: HTMLButtonElement | null) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              data-selected={selected ? '' : undefined}
              onClick={() => onChange(tab.value)}
              onKeyDown={(event: KeyboardEvent) => onKeyDown(event, index)}
            >
              {tab.label}
            </TabButton>
          );
        })}
      </Box>
      {tabs.map((tab) => (
        <Box
          key={tab.value}
          role="tabpanel"
          id={`${id}-panel-${tab.value}`}
          aria-labelledby={`${id}-tab-${tab.value}`}
          hidden={tab.value !== value}
          pt="6"
        >
          {tab.panel}
        </Box>
      ))}
    </>
  );
}
