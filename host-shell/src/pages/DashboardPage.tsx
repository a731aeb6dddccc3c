// The dashboard index route; its code lives in ../dashboard and loads lazily from routes.tsx.
export { default } from '../dashboard/DashboardPage';
