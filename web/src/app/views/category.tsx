export { View } from './shop';
