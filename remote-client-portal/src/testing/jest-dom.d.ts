// Types of the jest-dom matchers (tools/jest/setup-dom.ts installs them at run time).
import '@testing-library/jest-dom';
