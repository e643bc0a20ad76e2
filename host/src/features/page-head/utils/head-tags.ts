import { brand } from '@agency/ui';
import { canonicalUrl, type PageHead } from './page-heads';

/** One element of the document head: `<meta>` or `<link>`, found again by its `key` attribute. */
export interface HeadTag {
  tag: 'meta' | 'link';
  /** The attribute and value that identify it (`name=description`, `property=og:title`, `rel=canonical`). */
  key: [name: string, value: string];
  attrs: Record<string, string>;
}

/** The social card every page shares (host/public; drawn by `npm run brand:icons`). */
export const SOCIAL_IMAGE_PATH = '/social-card.jpg';

/** The head elements of a page besides its title: description, canonical address, robots, Open Graph and Twitter. */
export function headTags(
  head: PageHead,
  { siteUrl, pathname }: { siteUrl: string; pathname: string },
): HeadTag[] {
  const url = canonicalUrl(siteUrl, pathname);
  const meta = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    key: ['name', name],
    attrs: { content },
  });
  const property = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    key: ['property', name],
    attrs: { content },
  });
  return [
    meta('description', head.description),
    meta('robots', head.indexable ? 'index, follow' : 'noindex'),
    { tag: 'link', key: ['rel', 'canonical'], attrs: { href: url } },
    property('og:type', 'website'),
    property('og:site_name', brand.name),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', url),
    property('og:image', `${siteUrl.replace(/\/$/, '')}${SOCIAL_IMAGE_PATH}`),
    meta('twitter:card', 'summary_large_image'),
    meta('twitter:title', head.title),
    meta('twitter:description', head.description),
  ];
}
