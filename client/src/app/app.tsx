import { StrictMode, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>
  );
}
