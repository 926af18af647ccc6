import { Admin, Resource } from 'react-admin';
import { articles } from './articles';
import { authProvider } from './auth/auth-provider';
import { brands } from './brands';
import { LoginPage } from './auth/login-page';
import { Dashboard } from './dashboard/dashboard';
import { dataProvider } from './data/data-provider';
import { events } from './events';
import { importRuns } from './import-runs';
import { ConsoleLayout } from './layout/console-layout';
import { darkTheme, lightTheme } from './layout/theme';
import { offContributions } from './off-contributions';
import { products } from './products';
import { projections } from './projections';
import { reviews } from './reviews';
import { users } from './users';

export function App() {
  return (
    <Admin
      title="Labelwise moderation"
      authProvider={authProvider}
      dataProvider={dataProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={ConsoleLayout}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      requireAuth
      disableTelemetry
    >
      <Resource
        name="reviews"
        {...reviews}
        recordRepresentation={(r) => r.title ?? `Review by ${r.username}`}
      />
      <Resource name="products" {...products} recordRepresentation="name" />
      <Resource name="brands" {...brands} recordRepresentation="brand" />
      <Resource name="articles" {...articles} recordRepresentation="title" />
      <Resource name="users" {...users} recordRepresentation={(u) => u.username ?? u.email} />
      <Resource name="projections" {...projections} />
      <Resource name="events" {...events} options={{ label: 'Event history' }} />
      <Resource name="import-runs" {...importRuns} options={{ label: 'Import runs' }} />
      <Resource
        name="off-contributions"
        {...offContributions}
        options={{ label: 'Sent to Open Food Facts' }}
      />
    </Admin>
  );
}
