import { render, screen } from '@testing-library/react';
import { getSystem } from './system';
import { UiProvider } from './ui-provider';

// Its own file: the provider settles the page's system once per page (module), at its first render.
test('on a page whose server wrote the global styles, they are taken from it and never built again', () => {
  const style = document.createElement('style');
  style.setAttribute('data-emotion', 'css-global server1');
  style.textContent = ':root{--chakra-colors-brand-solid:#123456}';
  document.head.append(style);
  const built = jest.spyOn(getSystem(), '_global', 'get');
  render(
    <UiProvider>
      <p>page</p>
    </UiProvider>,
  );
  expect(screen.getByText('page')).toBeInTheDocument();
  expect(built).not.toHaveBeenCalled();
  const withTokens = [...document.querySelectorAll('style')].filter((element) =>
    element.textContent?.includes('--chakra-colors-brand-solid'),
  );
  expect(withTokens).toEqual([style]);
});
