import { Admin } from 'react-admin';
import { authProvider } from './auth/auth-provider';
import { LoginPage } from './auth/login-page';
import { dataProvider } from './data/data-provider';

export function App() {
  return (
    <Admin
      title="Labelwise moderation"
      authProvider={authProvider}
      dataProvider={dataProvider}
      loginPage={LoginPage}
      requireAuth
      disableTelemetry
    ></Admin>
  );
}
