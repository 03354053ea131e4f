export { listOwnCertifications } from './technician';
