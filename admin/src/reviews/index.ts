import RateReviewIcon from '@mui/icons-material/RateReview';
import { ReviewList } from './review-list';
import { ReviewShow } from './review-show';

/** Reviews are moderated (hidden or restored), never edited. */
export const reviews = { list: ReviewList, show: ReviewShow, icon: RateReviewIcon };
