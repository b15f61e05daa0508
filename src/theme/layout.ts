export { layout } from '../../domain/brandTheme.ts';
