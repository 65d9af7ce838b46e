// uPlot with its stylesheet, as one chunk the odometer chart asks for once the page is idle, so
// neither the library nor its CSS is part of the vehicle page's first load.
import "uplot/dist/uPlot.min.css";
export { default } from "uplot";
