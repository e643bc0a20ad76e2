// Hands the host the shared things exactly as this remote imports them (host route /__diagnostics/federation).
import * as React from 'react';
import { useAuthStore } from '@agency/auth';
import { useInRouterContext, useLocation } from '@agency/router';
import { getSystem, useChakraContext } from '@agency/ui';

const system = getSystem();

export const instances = { React, useAuthStore, system, useChakraContext, useInRouterContext, useLocation };
