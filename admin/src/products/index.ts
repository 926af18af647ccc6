import InventoryIcon from '@mui/icons-material/Inventory2';
import { ProductEdit } from './product-edit';
import { ProductList } from './product-list';
import { ProductShow } from './product-show';

export const products = { list: ProductList, edit: ProductEdit, show: ProductShow, icon: InventoryIcon };
