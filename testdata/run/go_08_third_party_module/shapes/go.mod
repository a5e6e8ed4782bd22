module example.com/shapes

go 1.26

require example.com/units v0.0.0
