module example.com/prog

go 1.26

require example.com/greet v0.0.0

replace example.com/greet => ./greet
