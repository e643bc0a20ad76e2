import { useEffect, useId, useState } from 'react';
import { PROJECT_SORTS, type ProjectSort } from '@agency/domain';
import { Flex } from '@agency/ui';
import { Field, Input, NativeSelect } from '@agency/ui/forms';
import type { ListFilters, TierFilter } from '../portal-data';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The toolbar's texts and tier choices, in the portal's words. */
export interface ListToolbarTexts {
  search: string;
  searchPlaceholder: string;
  tier: string;
  sort: string;
  sorts: Record<ProjectSort, string>;
  filtersLabel: (list: string) => string;
  tierOptions: readonly { value: TierFilter; label: string }[];
}

interface Props {
  /** Names the tab, for the group's label. */
  label: string;
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  texts: ListToolbarTexts;
}

/** Search, tier and order of one list; the server filters and sorts. */
export function ListToolbar({ label, filters, onChange, texts: L }: Props) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  return (
    <Flex role="search" aria-label={L.filtersLabel(label)} gap="3" wrap="wrap" align="flex-end">
      <Field.Root flex="2 1 14rem" minW="0">
        <Field.Label htmlFor={`${id}-q`}>{L.search}</Field.Label>
        <Input
          id={`${id}-q`}
          type="search"
          size="sm"
          value={text}
          placeholder={L.searchPlaceholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ ...filters, q: text });
          }}
        />
      </Field.Root>
      <Field.Root flex="1 1 10rem" minW="0">
        <Field.Label htmlFor={`${id}-tier`}>{L.tier}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            id={`${id}-tier`}
            value={filters.tier}
            onChange={(e) => onChange({ ...filters, q: text, tier: e.target.value as TierFilter })}
          >
            {L.tierOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root flex="1 1 9rem" minW="0">
        <Field.Label htmlFor={`${id}-sort`}>{L.sort}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(e) => onChange({ ...filters, q: text, sort: e.target.value as ProjectSort })}
          >
            {PROJECT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {L.sorts[sort]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}
