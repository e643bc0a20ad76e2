import { headTags } from './head-tags';
import { pageHead } from './page-heads';

/** Writes a page's title, description, canonical address, robots and social tags into the document head. */
export function applyHead(pathname: string, siteUrl: string): void {
  const head = pageHead(pathname);
  document.title = head.title;
  for (const { tag, key, attrs } of headTags(head, { siteUrl, pathname })) {
    let element = document.head.querySelector(`${tag}[${key[0]}="${key[1]}"]`);
    if (!element) {
      element = document.createElement(tag);
      element.setAttribute(key[0], key[1]);
      document.head.append(element);
    }
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  }
}
