/** The header's and footer's section anchors (spec section 2): links from any page go to /#<section>. */
export const SECTION_LINKS = [
  { label: 'Services', to: '/#services' },
  { label: 'About', to: '/#about' },
  { label: 'Contact', to: '/#contact' },
] as const;
