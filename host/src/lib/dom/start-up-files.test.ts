import { preloadStartUpFiles, startUpFilesElement } from './start-up-files';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

test('the files the server lists are preloaded when the page asks, manifests as CORS fetches', () => {
  document.body.innerHTML = startUpFilesElement([
    { href: '/static/js/bootstrap.1.js', as: 'script' },
    { href: 'http://remote.test/mf-manifest.json', as: 'fetch' },
  ]);
  expect(document.head.querySelector('link')).toBeNull();

  preloadStartUpFiles();

  const links = [...document.head.querySelectorAll('link')];
  expect(links.map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('as')])).toEqual([
    ['preload', '/static/js/bootstrap.1.js', 'script'],
    ['preload', 'http://remote.test/mf-manifest.json', 'fetch'],
  ]);
  expect(links[1]!.crossOrigin).toBe('anonymous');
});

test('no value can end the element early', () => {
  document.body.innerHTML = startUpFilesElement([
    { href: '/a</script><script>alert(1)</script>', as: 'script' },
  ]);
  expect(document.body.querySelectorAll('script')).toHaveLength(1);
  preloadStartUpFiles();
  expect(document.head.querySelector('link')!.getAttribute('href')).toBe(
    '/a</script><script>alert(1)</script>',
  );
});

test('a page without the list (rendered in the browser alone) preloads nothing', () => {
  preloadStartUpFiles();
  expect(document.head.querySelector('link')).toBeNull();
});
