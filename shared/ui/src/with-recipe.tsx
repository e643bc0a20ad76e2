import type { ComponentType } from 'react';

/**
 * Chakra components look their recipe up in the system unless they are given one as the `recipe` prop.
 * The parts of the kit that load on demand (form controls, overlays, toasts) carry their recipe with them,
 * so the system every page downloads holds only the recipes of the always-loaded kit.
 */
export function withRecipe<P extends object>(Component: ComponentType<P>, recipe: object): ComponentType<P> {
  function WithRecipe(props: P) {
    const withDefault = { recipe, ...props } as P;
    return <Component {...withDefault} />;
  }
  WithRecipe.displayName = Component.displayName;
  return WithRecipe;
}

/** A compound component (Field, Dialog, …) whose Root carries the recipe; its other parts read it from Root. */
export function withRootRecipe<N extends { Root: ComponentType<never> }>(parts: N, recipe: object): N {
  return { ...parts, Root: withRecipe(parts.Root as ComponentType<object>, recipe) };
}
