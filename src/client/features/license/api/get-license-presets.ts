// GET /api/license-presets: the starting points for a new license (jurisdiction, type, cycle, rules with sources).
import { useQuery } from '@tanstack/react-query';
import { getLicensePresets } from '#shared/api/license';
import { apiQuery } from '../../../lib/query-client.ts';

// presets change with a content pack, not while a student fills the form
export const useLicensePresets = () => useQuery({ ...apiQuery(getLicensePresets, {}), staleTime: 60 * 60_000 });
