/**
 * The unit and component tests' setup: the app's text catalogue, registered with shared-ui/i18n.ts as main.tsx
 * registers it in the browser (the screens' texts and the language switch read it).
 */
import '../../src/client/app/catalogue-tr';
