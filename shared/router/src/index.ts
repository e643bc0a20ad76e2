// The one router every app uses. Apps import routing only from here, so react-router is bundled once,
// tree-shaken to what is listed, and every remote renders inside the host's router context. Every export
// of a shared module ships to every visitor, so this lists only what the apps use.
export {
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  Link,
  useNavigate,
  useParams,
  useLocation,
  useInRouterContext,
  matchPath,
} from 'react-router';
export type { NavigateFunction, Location } from 'react-router';
