// supabase-js's auth client alone: imported by name from supabase-js, so its database, storage, realtime and
// functions clients are left out of the bundle (createClient would construct, and ship, all of them).
export { AuthClient } from '@supabase/supabase-js';
