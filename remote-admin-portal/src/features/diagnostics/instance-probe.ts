// Hands the host the shared things exactly as this remote imports them (host route /__diagnostics/federation).
import * as React from 'react';
import { useAuthStore } from '@agency/auth';
import { useInRouterContext, useLocation } from '@agency/router';
import { getSystem, useChakraContext } from '@agency/ui';

export const instances = {
  React,
  useAuthStore,
  system: getSystem(),
  useChakraContext,
  useInRouterContext,
  useLocation,
};
