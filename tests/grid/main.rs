//! Tests of the grid domain: the map and its readers, every grid planner against A* or an
//! exact oracle, jump points, any-angle paths, flow fields, clearance and D* Lite on maps.

#[path = "../common/mod.rs"]
mod common;

mod any_angle;
mod anya;
mod clearance;
mod dstar_lite_grid;
mod flow_field;
mod fuzz_regressions;
mod grid;
mod grid_planners;
mod jump_point_search;
mod movingai;
mod subgoal_graph;
