import { Link } from '@agency/ui';
import { Link as RouterLink } from '@agency/router';

/** "Back to Services": the services section of the landing page. */
export function BackLink({ label }: { label: string }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
      <RouterLink to="/#services">
        <span aria-hidden="true">← </span>
        {label}
      </RouterLink>
    </Link>
  );
}
