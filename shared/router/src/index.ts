// The one router every app uses. Apps import routing only from here, so react-router is bundled once,
// tree-shaken to what is listed, and every remote renders inside the host's router context.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useNavigate,
  useParams,
  useLocation,
  useSearchParams,
  useInRouterContext,
  useHref,
  matchPath,
} from 'react-router';
export type { NavigateFunction, Location } from 'react-router';
